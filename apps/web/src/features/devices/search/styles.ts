// The Mantine styles the device list itself needs on the first screen: the bulk selection's checkboxes and
// the rows' update and crash-loop badges (the panel's own, ../styles.ts, load only once a device is open;
// without these the list's checkboxes showed their check icon unstyled under the box).
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Badge.css';
