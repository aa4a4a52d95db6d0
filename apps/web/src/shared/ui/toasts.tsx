/** Toasts, as staff expect them everywhere: top-right, 5000 ms, no progress bar, close on click. */
import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { ToastContainer, toast } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TOAST_DURATION_MS } from '@registrar/contract/constants';
import { toastShown, type ServicesState } from '../state/services-slice';

export function Toasts() {
  const services = useSelector((s: { services: ServicesState }) => s.services);
  const dispatch = useDispatch();
  useEffect(() => {
    if (!services.show || !services.message) return;
    (services.resType === 'error' ? toast.error : toast.success)(services.message);
    dispatch(toastShown());
  }, [services.seq, services.show, services.message, services.resType, dispatch]);

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
