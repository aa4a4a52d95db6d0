/** Test-only: the fee panel of one enrolment against a fake server that records every request. */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import type { EnrollmentDetail } from '@registrar/contract/enrollment-admin';
import { FEE_MESSAGES } from '@registrar/contract/fees';
import type { StudentMessage } from '@registrar/contract/student-messages';
import { fakeServer, json, renderScreens, route, type SentRequest } from '../../../shared/test/screen-harness';
import { FeePanel } from './fee-panel';
import { detail } from './test-fixtures';

/** The hooks and time allowed every fee panel test runs under. */
export function setUpFeePanel() {
  vi.setConfig({ testTimeout: 30_000 });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

export function setup(
  enrollment: EnrollmentDetail = detail(),
  answer: (r: SentRequest) => Response | undefined = () => undefined,
  messages: StudentMessage[] = [],
) {
  const server = fakeServer((request) => {
    const answered = answer(request);
    if (answered) return answered;
    if (request.url.pathname.startsWith('/api/student-enrollment-messages/'))
      return json(200, { success: true, message: '', data: messages });
    if (request.method === 'GET') return json(200, { success: true, message: '', data: enrollment });
    if (request.url.pathname.startsWith('/api/student-enrollment-payment-alert/'))
      return json(200, { success: true, message: FEE_MESSAGES.alertSent, data: null });
    return json(200, { success: true, message: 'OK', data: enrollment });
  });
  const view = renderScreens([route('/fees', <FeePanel enrollment={enrollment} />)], '/fees');
  const writes = () => server.requests.filter((r) => r.method !== 'GET');
  return { ...view, server, writes };
}

export const dialog = (name: string | RegExp) => screen.getByRole('dialog', { name });
export const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
export const blur = (input: HTMLElement) => fireEvent.blur(input);
