// The routed console's own rules (header, native scroll boxes) and the palette's numbered shades (charts,
// status colours), loaded with its chunk rather than by the sign-in screen (issue 21; see styles.ts).
import '../ui/kit/palette.css';
import './styles.css';
