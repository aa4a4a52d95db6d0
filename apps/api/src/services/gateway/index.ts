/** The gateway the configuration names, or none. */
import type { PaymentConfig } from '../../config';
import type { PaymentGateway } from './payment-gateway';
import { RazorpayGateway } from './razorpay';
import { SimulatorGateway } from './simulator';

export function createGateway(config: PaymentConfig | undefined): PaymentGateway | undefined {
  if (!config) return undefined;
  return config.gateway === 'simulator' ? new SimulatorGateway(config) : new RazorpayGateway(config);
}
