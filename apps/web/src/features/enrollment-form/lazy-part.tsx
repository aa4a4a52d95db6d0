/**
 * A part of the form whose code loads later (documents, signature pad). If its code cannot be
 * fetched (the phone went offline), the part says so with a Try again button instead of taking
 * the whole form down, so nothing typed is lost.
 */
import { Component, lazy, Suspense, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { T, useT } from '../../shared/i18n/translate';

class Boundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function LazyPart<P extends object>({
  load,
  props,
  what,
}: {
  load: () => Promise<ComponentType<P>>;
  props: P;
  /** What is loading, for the messages ("the upload fields"). */
  what: string;
}) {
  const t = useT();
  const [attempt, setAttempt] = useState(0);
  // A new attempt makes a new lazy component: React keeps a failed one failed.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `load` is fixed per part; `attempt` retries it
  const Part = useMemo(() => lazy(async () => ({ default: await load() })), [attempt]);
  const failed = (
    <p className="enr-notice enr-notice--error">
      <T
        id="enrol.partFailed"
        values={{ what }}
        components={{ 0: <button type="button" className="link-button" onClick={() => setAttempt((n) => n + 1)} /> }}
      />
    </p>
  );
  return (
    <Boundary key={attempt} fallback={failed}>
      <Suspense fallback={<p className="enr-hint">{t('enrol.loadingPart', { what })}</p>}>
        <Part {...props} />
      </Suspense>
    </Boundary>
  );
}
