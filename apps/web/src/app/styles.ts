// Only the Mantine styles every first screen uses (sign-in, offline state, loaders); the routed console
// (consoleStyles.ts), dialogs (ui/AppModal) and toasts (ToastViewport) bring theirs with their chunks, and
// screens with theirs (issue 21). Mantine's order: baseline, global, then components. Its CSS variables
// come from MantineProvider (Providers.tsx, deduplicateCssVariables off), not default-css-variables.css
// (4 KiB gzip): the theme that generates them is in the bundle anyway. Not here either (round 5): Text
// and CloseButton (toasts, dialogs, alerts: ToastViewport loads the console's styles), VisuallyHidden
// (focus traps, file inputs) and our header's own rules; nor the parts of Button, ActionIcon and Loader
// that no screen uses (vite-mantine-trim.ts). Sign-in CSS 5.1 -> 3.8 KiB gzip.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/PasswordInput.css';
