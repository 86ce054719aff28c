import { PayPasswordScreen } from '../components/pay-password-screen';

export default function SetPayPasswordPage() {
  return <PayPasswordScreen mode="set" />;
}
