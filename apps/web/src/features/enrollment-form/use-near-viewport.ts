/**
 * True once an element comes within `margin` of the viewport (at once where the browser has no
 * IntersectionObserver). The form loads the code of its lower parts (documents, terms) this way,
 * so a phone's first load carries only what is on its screen.
 */
import { useEffect, useRef, useState } from 'react';

export function useNearViewport<E extends HTMLElement>(margin = '800px') {
  const ref = useRef<E>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return { ref, near };
}
