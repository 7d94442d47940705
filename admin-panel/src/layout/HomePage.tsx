/** The home page after login: a greeting and the way into the content manager. */
import { Link } from 'react-router';
import { useMe } from '../auth/queries';

export function HomePage() {
  const me = useMe();
  return (
    <main>
      <h1>Hello{me.data?.firstname ? ` ${me.data.firstname}` : ''}</h1>
      <p>
        Write and publish your content in the <Link to="/content-manager">content manager</Link>.
      </p>
    </main>
  );
}
