import type { ReactNode } from 'react';
import { documentTitle } from '../../../domain/pages';
import { cn } from '../../lib/utils';

/**
 * Sets the document title (React 19 hoists <title> into <head>). The server writes the same title
 * into the HTML of the pages it knows (docs/decisions/0088).
 */
export function DocumentTitle({ title }: { title: string }) {
  return <title>{documentTitle(title)}</title>;
}

interface PageProps {
  /** The page's h1 and the start of the document title. */
  title: string;
  description?: ReactNode;
  /** Small text above the title. */
  eyebrow?: string;
  children?: ReactNode;
  className?: string;
  /** The document's title when it is not the h1's (a shared post open over the home screen). */
  documentTitle?: string;
}

/** A screen's frame: document title, heading block and content, on the site's width. */
export function Page({ title, description, eyebrow, children, className, documentTitle }: PageProps) {
  return (
    <div className={cn('mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12', className)}>
      <DocumentTitle title={documentTitle ?? title} />
      <div className="max-w-2xl">
        {eyebrow && <p className="text-sm font-semibold tracking-wide text-accent uppercase">{eyebrow}</p>}
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
        {description && <p className="mt-3 text-base text-muted-foreground sm:text-lg">{description}</p>}
      </div>
      {children && <div className="mt-8">{children}</div>}
    </div>
  );
}
