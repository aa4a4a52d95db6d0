/** The console's toasts: messages the store collects, shown on the shared shelf. */
import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { toastShown, type ServicesState } from '../state/services-slice';
import { ToastShelf, showToast } from './toast-shelf';

export function Toasts() {
  const services = useSelector((s: { services: ServicesState }) => s.services);
  const dispatch = useDispatch();
  useEffect(() => {
    if (!services.show || !services.message) return;
    showToast(services.message, services.resType);
    dispatch(toastShown());
  }, [services.seq, services.show, services.message, services.resType, dispatch]);

  return <ToastShelf />;
}
