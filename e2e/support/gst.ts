/**
 * GST through the API: the institute's registration (a Maharashtra GSTIN), switched on for a
 * journey that needs it and off again after, so the other journeys see the default (off).
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { gstinCheckCharacter } from '@registrar/contract/gst';
import type { StaffAuth } from './api';

const FIRST14 = '27AAPFU0939F1Z';
/** A well-formed GSTIN of state 27 (Maharashtra), check character included. */
export const GSTIN = FIRST14 + gstinCheckCharacter(FIRST14);
export const GST_LEGAL_NAME = 'Vidya Training LLP';
export const GST_ADDRESS = '12 FC Road, Pune 411004';

/** Switches GST invoices on or off with the registration above, checking the answer. */
export async function setGst(request: APIRequestContext, auth: StaffAuth, enabled: boolean): Promise<void> {
  const response = await request.put('/api/gst-settings', {
    headers: auth,
    data: { enabled, gstin: GSTIN, legalName: GST_LEGAL_NAME, address: GST_ADDRESS },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Runs `journey` with GST on and switches it off after, whether or not the journey passed. */
export async function withGstOn(
  request: APIRequestContext,
  auth: StaffAuth,
  journey: () => Promise<void>,
): Promise<void> {
  await setGst(request, auth, true);
  try {
    await journey();
  } finally {
    await setGst(request, auth, false);
  }
}
