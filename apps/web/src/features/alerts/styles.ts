// The Mantine styles of the alerts screen beyond the console's (app/consoleStyles.ts): the muted devices'
// badges (the device panel's styles have them too, for its timeline).
import '@mantine/core/styles/Badge.css';
