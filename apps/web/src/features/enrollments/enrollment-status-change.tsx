/**
 * The enrolment's status change: only the moves the contract allows; a rejection's reason and the
 * student's message; and, when rejecting or cancelling a paid enrolment, what becomes of the money.
 */
import { useState } from 'react';
import {
  ENROLLMENT_STATUS_LABELS,
  ENROLLMENT_TRANSITIONS,
  isClosing,
  isStudentMailed,
  STUDENT_WILL_BE_EMAILED,
  type EnrollmentDetail,
} from '@registrar/contract/enrollment-admin';
import { StatusChangeForm } from '../../shared/ui/record-details/status-change-form';
import { useChangeEnrollmentStatusMutation } from './api/enrollments-api';
import { RejectionReasonField, StudentMessageField } from './decision-fields';
import { NO_MONEY_CHOICE, PaidMoneyField, paidMoneyOf, paidOf } from './paid-money-field';

export function EnrollmentStatusChange({ enrollment }: { enrollment: EnrollmentDetail }) {
  const [changeStatus, { isLoading }] = useChangeEnrollmentStatusMutation();
  const [message, setMessage] = useState('');
  const [reason, setReason] = useState('');
  const [money, setMoney] = useState(NO_MONEY_CHOICE);
  const [moneyError, setMoneyError] = useState<string | null>(null);
  const paid = paidOf(enrollment);
  return (
    <StatusChangeForm
      noun="enrolment"
      current={enrollment.status}
      moves={ENROLLMENT_TRANSITIONS[enrollment.status]}
      labels={ENROLLMENT_STATUS_LABELS}
      noteHint="Internal: kept in the history, never sent to the student."
      saving={isLoading}
      save={async (status, note) => {
        const { paidMoney, error } = isClosing(status) ? paidMoneyOf(paid, money) : {};
        setMoneyError(error ?? null);
        if (error) throw new Error(error);
        await changeStatus({
          id: enrollment._id,
          status,
          note,
          message: isStudentMailed(status) ? message.trim() || undefined : undefined,
          reason: status === 'rejected' ? reason.trim() : undefined,
          paidMoney,
        }).unwrap();
        setMessage('');
        setReason('');
        setMoney(NO_MONEY_CHOICE);
      }}
      extra={(status) => (
        <>
          {status === 'rejected' && <RejectionReasonField value={reason} onChange={setReason} />}
          {isStudentMailed(status) && <StudentMessageField value={message} onChange={setMessage} />}
          {isClosing(status) && (
            <PaidMoneyField
              name={enrollment.name}
              paid={paid}
              value={money}
              onChange={(choice) => {
                setMoney(choice);
                setMoneyError(null);
              }}
              error={moneyError}
            />
          )}
        </>
      )}
      notice={(status) =>
        isStudentMailed(status)
          ? `${STUDENT_WILL_BE_EMAILED}${status === 'approved' ? ', with the link to their page' : ', with the reason'}; the internal note is not sent.`
          : null
      }
    />
  );
}
