import { ComingSoon } from './ComingSoon';

export default function OtaPage() {
  return <ComingSoon screen="ota" />;
}
