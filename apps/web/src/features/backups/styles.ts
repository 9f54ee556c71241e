// The Mantine component styles the backups panel uses beyond the shell's (app/styles.ts); they load with
// the settings screen's chunk.
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/ThemeIcon.css';
