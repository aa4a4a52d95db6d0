import { useEffect, useRef } from 'react';

/**
 * When a form is replaced by its result, focus would fall to the page: move it to the result
 * (give the element `tabIndex={-1}`) so keyboard and screen-reader users land on the news.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
