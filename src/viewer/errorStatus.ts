import type { ReactNode } from 'react';

/** What the error view shows (./ErrorView.tsx, and ./ErrorMessage.tsx, the chunk it loads). */
export type ErrorViewProps = {
  status: number;
  onBack?: () => void;
  backLabel?: string;
  /** Further ways on, below the message (e.g. a link back to the course start). */
  children?: ReactNode;
  /** The page shows a header above (with its Display button); otherwise the view brings that button along. */
  belowHeader?: boolean;
};

/** The message of a status code (spec section 8, enumerations.errorMessages). */
export const errorMessageKey = (status: number) => (status === 404 ? 'notFound' : status === 403 ? 'noAccess' : 'default');
