/**
 * Loads ./inquiry-rules once, when the visitor starts on the form (see that module for why): their
 * first tap, key press, focus or scroll, like the enrolment form's lower parts. Nothing is judged
 * before a field has been left, and a submit that comes first waits for the load.
 */
import { useEffect, useState } from 'react';
import { onFirstMove } from '../../shared/lib/first-move';

export type InquiryRules = typeof import('./inquiry-rules');

let loading: Promise<InquiryRules> | undefined;

/** The rules module; the first call starts loading it, later calls share that load. */
export function loadInquiryRules(): Promise<InquiryRules> {
  loading ??= import('./inquiry-rules').catch((err: unknown) => {
    loading = undefined; // let the next call try again
    throw err;
  });
  return loading;
}

/** The rules once loaded (from the visitor's first move on), undefined until then. */
export function useInquiryRules(): InquiryRules | undefined {
  const [rules, setRules] = useState<InquiryRules>();
  useEffect(() => {
    let live = true;
    const stop = onFirstMove(() => {
      loadInquiryRules().then(
        (loaded) => {
          if (live) setRules(loaded);
        },
        () => undefined, // a failed load is retried on submit, which reports it
      );
    });
    return () => {
      live = false;
      stop();
    };
  }, []);
  return rules;
}
