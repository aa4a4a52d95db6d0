/**
 * The queue's decisions, held for 10 seconds before they are sent: the toast names the student and
 * offers Undo, which drops the decision before anything is saved or mailed. Leaving the queue sends
 * whatever is still held at once.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ApiQueryError } from '../../shared/api/base-api';
import { useDecideFromQueueMutation, type StatusChange } from './api/enrollments-api';

export const UNDO_MS = 10_000;

export type QueueDecision = StatusChange & { status: 'approved' | 'rejected'; name: string };

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
  const [decided, setDecided] = useState<readonly string[]>([]);
  const held = useRef(new Map<string, () => void>());
  const forget = useCallback((id: string) => setDecided((ids) => ids.filter((x) => x !== id)), []);

  const decide = useCallback(
    (decision: QueueDecision) => {
      const { name, ...change } = decision;
      const done = decision.status === 'approved' ? 'approved' : 'rejected';
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
      held.current.set(decision.id, () => {
        clearTimeout(timer);
        sendNow();
      });
      const undo = () => {
        clearTimeout(timer);
        held.current.delete(decision.id);
        forget(decision.id);
        toast.dismiss(decision.id);
      };
      toast(<DecisionToast text={`${name} ${done}`} onUndo={undo} />, {
        toastId: decision.id,
        autoClose: UNDO_MS,
        closeOnClick: false,
      });
    },
    [send, forget],
  );

  useEffect(() => {
    const waiting = held.current;
    return () => {
      for (const sendNow of [...waiting.values()]) sendNow();
    };
  }, []);

  return { decided, decide };
}
