import { Link } from 'react-router';
import { LOCAL_AREAS } from '../local-areas';

export function SiteFooter() {
  return (
    <footer className="border-t bg-card">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>Free fruit, firewood and skids, shared between neighbours.</p>
        <nav aria-label="Local pages">
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {LOCAL_AREAS.map((area) => (
              <li key={area.path}>
                <Link to={`/${area.path}`} className="rounded-sm font-medium hover:text-foreground hover:underline">
                  {area.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
