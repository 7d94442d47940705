/**
 * The admin password rule, as the server checks it (issue 20): at least 8 characters with a
 * lower case letter, an upper case letter and a number. Returns what is missing, or true.
 */
export function checkPassword(password: string): true | string {
  if (password.length < 8) return 'Password must be at least 8 characters';
  if (!/[a-z]/.test(password)) return 'Password must contain at least one lowercase character';
  if (!/[A-Z]/.test(password)) return 'Password must contain at least one uppercase character';
  if (!/\d/.test(password)) return 'Password must contain at least one number';
  return true;
}
