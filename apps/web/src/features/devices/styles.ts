// The Mantine component styles the device panel uses beyond the shell's (app/styles.ts); they load with
// the panel's chunk (DevicePanel), not with the device list (issue 21: -5 KiB gzip on the first screen).
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/List.css';
