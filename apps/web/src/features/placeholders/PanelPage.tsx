import { ComingSoon } from './ComingSoon';

export default function PanelPage() {
  return <ComingSoon screen="panel" />;
}
