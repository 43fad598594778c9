/** A horizontal rule between content. */
export function SeparatorElement() {
  return <hr className="my-8 border-0 border-t border-gray-200" />;
}
