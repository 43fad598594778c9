import GuestControl from './GuestControl';

/**
 * The header's guest-save control where no header is shown (`?hideHeader`, a framed share, one element
 * embedded alone): tracking on a guest share is held until a name is given (spec section 4), so the
 * page must offer Save learning progress somewhere. It floats in the bottom left corner (toasts and the
 * connectivity notice take the right), comes first in the reading and tab order as the header's would,
 * and is not printed. The page leaves room below its end (MaterialViewer's `pb-16`), so it covers nothing
 * for good.
 */
export default function FloatingGuestControl() {
  return (
    <div className="fixed bottom-4 start-4 z-40 flex items-center rounded-lg bg-white p-1 shadow-lg ring-1 ring-gray-200 print:hidden" data-testid="headerless-guest-save">
      <GuestControl />
    </div>
  );
}
