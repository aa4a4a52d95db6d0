/** Toasts, as staff expect them everywhere: top-right, 5000 ms, no progress bar, close on click. */
import { ToastContainer, toast } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TOAST_DURATION_MS } from '@registrar/contract/constants';
import type { ResType } from '../state/services-slice';

export function ToastShelf() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_DURATION_MS}
      hideProgressBar
      closeOnClick
      newestOnTop
      theme="colored"
    />
  );
}

export function showToast(message: string, type: ResType) {
  (type === 'error' ? toast.error : toast.success)(message);
}
