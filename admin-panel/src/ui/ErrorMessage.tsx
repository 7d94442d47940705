/** An API or network failure, shown as an alert (the server's message, which names the field or parameter). */
export function ErrorMessage({ error }: { error: unknown }) {
  if (error === null || error === undefined) return null;
  const message = error instanceof Error ? error.message : String(error);
  return (
    <p role="alert" className="error">
      {message}
    </p>
  );
}
