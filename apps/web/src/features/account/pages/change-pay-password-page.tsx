import { PayPasswordScreen } from '../components/pay-password-screen';

export default function ChangePayPasswordPage() {
  return <PayPasswordScreen mode="change" />;
}
