/**
 * The queue's decisions, held for 10 seconds before they are sent: the toast names the student and
 * offers Undo, which drops the decision before anything is saved or mailed. Leaving the queue sends
 * whatever is still held at once; so does closing or hiding the tab, with a request that outlives it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ApiQueryError } from '../../shared/api/base-api';
import { useStore } from 'react-redux';
import { looksLikeJwt } from '../../shared/api/api-fetch';
import { statusQuery, useDecideFromQueueMutation, type StatusChange } from './api/enrollments-api';

export const UNDO_MS = 10_000;
let toastSeq = 0;

export type QueueDecision = StatusChange & { status: 'approved' | 'rejected'; name: string };

/** A decision sent as the page goes: `keepalive` lets the request finish after the tab is gone. */
function sendAsPageGoes(change: StatusChange, token: string | null | undefined) {
  if (!looksLikeJwt(token)) return;
  const { url, method, body } = statusQuery(change);
  void fetch(url, {
    method,
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  }).catch(() => undefined);
}

function DecisionToast({ text, onUndo }: { text: string; onUndo: () => void }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
      <Typography variant="body2">{text}</Typography>
      <Button size="small" onClick={onUndo}>
        Undo
      </Button>
    </Stack>
  );
}

/** `decided`: enrolments decided in this visit (held or sent), which the queue no longer shows. */
export function useHeldDecisions() {
  const [send] = useDecideFromQueueMutation();
  const store = useStore<{ session: { accessToken: string | null } }>();
  const [decided, setDecided] = useState<readonly string[]>([]);
  const held = useRef(new Map<string, { sendNow: () => void; sendAsPageGoes: () => void }>());
  const forget = useCallback((id: string) => setDecided((ids) => ids.filter((x) => x !== id)), []);

  const decide = useCallback(
    (decision: QueueDecision) => {
      const { name, ...change } = decision;
      const done = decision.status === 'approved' ? 'approved' : 'rejected';
      // Each decision its own toast: one undone and decided again is still shown, with its own Undo.
      const toastId = `${decision.id}:${(toastSeq += 1)}`;
      setDecided((ids) => [...ids, decision.id]);
      const sendNow = () => {
        held.current.delete(decision.id);
        send(change)
          .unwrap()
          .catch((err: unknown) => {
            forget(decision.id);
            const why = (err as Partial<ApiQueryError>).message || 'the status could not be changed';
            toast.error(`${name} was not ${done}: ${why}`);
          });
      };
      const timer = setTimeout(sendNow, UNDO_MS);
      held.current.set(decision.id, {
        sendNow: () => {
          clearTimeout(timer);
          sendNow();
        },
        sendAsPageGoes: () => {
          clearTimeout(timer);
          held.current.delete(decision.id);
          toast.dismiss(toastId);
          sendAsPageGoes(change, store.getState().session.accessToken);
        },
      });
      const undo = () => {
        clearTimeout(timer);
        held.current.delete(decision.id);
        forget(decision.id);
        toast.dismiss(toastId);
      };
      toast(<DecisionToast text={`${name} ${done}`} onUndo={undo} />, {
        toastId,
        autoClose: UNDO_MS,
        closeOnClick: false,
      });
    },
    [send, forget, store],
  );

  useEffect(() => {
    const waiting = held.current;
    // A phone may discard a hidden tab without a pagehide, so hiding it sends too (Undo is then gone).
    const pageGoes = () => {
      for (const h of [...waiting.values()]) h.sendAsPageGoes();
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') pageGoes();
    };
    window.addEventListener('pagehide', pageGoes);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', pageGoes);
      document.removeEventListener('visibilitychange', hidden);
      for (const h of [...waiting.values()]) h.sendNow();
    };
  }, []);

  return { decided, decide };
}
