import { ComingSoon } from './ComingSoon';

export default function LogsPage() {
  return <ComingSoon screen="logs" />;
}
