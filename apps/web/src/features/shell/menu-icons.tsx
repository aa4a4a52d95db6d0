/** The icon of each menu entry (an "icon class" in the old menu), drawn with MUI's SVG icons. */
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import PrivacyTipOutlined from '@mui/icons-material/PrivacyTipOutlined';
import QuestionAnswerOutlined from '@mui/icons-material/QuestionAnswerOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import type { MenuIcon } from './menu-items';

const ICONS: Record<MenuIcon, typeof DashboardOutlined> = {
  dashboard: DashboardOutlined,
  courses: MenuBookOutlined,
  enrollments: HowToRegOutlined,
  inquiries: QuestionAnswerOutlined,
  followUps: EventAvailableOutlined,
  terms: GavelOutlined,
  audit: HistoryOutlined,
  staff: ManageAccountsOutlined,
  folder: FolderOutlined,
  requests: PrivacyTipOutlined,
  payments: ReceiptLongOutlined,
  import: UploadFileOutlined,
  online: PaymentsOutlined,
  paymentsIn: AccountBalanceOutlined,
  gst: ReceiptLongOutlined,
};

export function MenuEntryIcon({ icon }: { icon: MenuIcon }) {
  const Icon = ICONS[icon];
  return <Icon className="menu-icon" aria-hidden="true" focusable="false" />;
}
