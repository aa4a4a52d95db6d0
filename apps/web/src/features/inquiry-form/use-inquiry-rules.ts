/** Loads ./inquiry-rules once, after the form's first render (see that module for why). */
import { useEffect, useState } from 'react';

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

/** The rules once loaded, undefined until then. */
export function useInquiryRules(): InquiryRules | undefined {
  const [rules, setRules] = useState<InquiryRules>();
  useEffect(() => {
    let live = true;
    loadInquiryRules().then(
      (loaded) => {
        if (live) setRules(loaded);
      },
      () => undefined, // a failed load is retried on submit, which reports it
    );
    return () => {
      live = false;
    };
  }, []);
  return rules;
}
