// A page of every interactive primitive of the kit, for the keyboard, focus and axe tests in Chromium
// (e2e/ui.primitives.spec.ts bundles it with esbuild). Not part of the console's build. `?theme=dark` shows
// it dark (the data-theme attribute the console sets from ui/kit/colorScheme.ts).
import '../kit/base.css';
import '../kit/tokens.css';
import '../kit/palette.css';
import { type CSSProperties, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Menu } from '../floating/Menu';
import { Popover } from '../floating/Popover';
import { Tooltip } from '../floating/Tooltip';
import { ActionIcon, Button } from '../kit/buttons';
import { Checkbox } from '../kit/choices';
import { TextInput } from '../kit/inputs';
import { Group, Stack } from '../kit/layout';
import { Notifications } from '../kit/Notifications';
import { Modal } from '../kit/overlays';
import { Tabs } from '../kit/Tabs';
import { Text } from '../kit/text';
import { ToastStore } from '../kit/toastStore';
import { Select } from '../Select';

const toasts = new ToastStore();

function showToast(title: string, autoClose: number | false) {
  toasts.show({ title, message: 'Something happened', color: 'blue', autoClose, closeLabel: 'Close toast' });
}

function DialogDemo() {
  const [first, setFirst] = useState(false);
  const [nested, setNested] = useState(false);
  const [chosen, setChosen] = useState('none');
  return (
    <>
      <Button onClick={() => setFirst(true)}>Open dialog</Button>
      <Modal opened={first} onClose={() => setFirst(false)} title="First dialog">
        <Stack>
          <TextInput label="Name" />
          <Group>
            <Button onClick={() => setNested(true)}>Open nested</Button>
            <Button variant="default" onClick={() => showToast('Saved in the dialog', false)}>
              Toast from the dialog
            </Button>
            <Menu position="bottom-end">
              <Menu.Target>
                <Button variant="default">Dialog menu</Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => setChosen('copy')}>Copy</Menu.Item>
                <Menu.Item onClick={() => setChosen('paste')}>Paste</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
          <Text size="sm">Dialog menu chose: {chosen}</Text>
        </Stack>
        <Modal opened={nested} onClose={() => setNested(false)} title="Nested dialog" size="sm">
          <Button onClick={() => setNested(false)}>Done</Button>
        </Modal>
      </Modal>
    </>
  );
}

function MenuDemo() {
  const [chosen, setChosen] = useState('none');
  return (
    <Group>
      <Menu>
        <Menu.Target>
          <Button variant="default">Actions</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setChosen('Edit')}>Edit</Menu.Item>
          <Menu.Item onClick={() => setChosen('Duplicate')}>Duplicate</Menu.Item>
          <Menu.Item disabled onClick={() => setChosen('Archive')}>
            Archive
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item onClick={() => setChosen('Download')}>Download</Menu.Item>
          <Menu.Item color="red" onClick={() => setChosen('Delete')}>
            Delete
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Text size="sm" data-testid="menu-chosen">
        Chosen: {chosen}
      </Text>
    </Group>
  );
}

function TabsDemo() {
  return (
    <Tabs defaultValue="one">
      <Tabs.List aria-label="Sections">
        <Tabs.Tab value="one">One</Tabs.Tab>
        <Tabs.Tab value="two">Two</Tabs.Tab>
        <Tabs.Tab value="three" disabled>
          Three
        </Tabs.Tab>
        <Tabs.Tab value="four">Four</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="one">First panel</Tabs.Panel>
      <Tabs.Panel value="two">Second panel</Tabs.Panel>
      <Tabs.Panel value="three">Third panel</Tabs.Panel>
      <Tabs.Panel value="four">Fourth panel</Tabs.Panel>
    </Tabs>
  );
}

function SelectDemo() {
  const [value, setValue] = useState<string | null>('beta');
  return (
    <Stack gap={4}>
      <Select
        label="Letter"
        data={[
          { value: 'alpha', label: 'Alpha' },
          { value: 'beta', label: 'Beta' },
          { value: 'gamma', label: 'Gamma' },
          { value: 'delta', label: 'Delta' },
        ]}
        value={value}
        onChange={setValue}
      />
      <Text size="sm" data-testid="select-value">
        Value: {value ?? 'none'}
      </Text>
    </Stack>
  );
}

/** A popover whose button sits where `place` says (a corner of the window, or in the flow). */
function PopoverDemo({ name, place }: { name: string; place?: CSSProperties }) {
  const [opened, setOpened] = useState(false);
  const [spacer, setSpacer] = useState(0);
  return (
    <div style={place === undefined ? undefined : { position: 'fixed', ...place }}>
      <div style={{ height: spacer }} />
      <Popover opened={opened} onChange={setOpened} position="bottom-start">
        <Popover.Target>
          <Button variant="default">{name}</Button>
        </Popover.Target>
        <Popover.Dropdown width={260}>
          <Stack gap="xs" role="group" aria-label={`${name} options`}>
            <Checkbox label="Errors" />
            <Checkbox label="Warnings" />
            {Array.from({ length: 8 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of filler lines
              <Text key={i} size="sm">
                Filler line {i + 1}
              </Text>
            ))}
            <Button size="xs" onClick={() => setSpacer((s) => s + 120)}>
              Move the button down
            </Button>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </div>
  );
}

function KitPage() {
  return (
    <main style={{ padding: '64px 24px' }}>
      <Stack>
        <Text component="h1" fw={600}>
          Kit primitives
        </Text>
        <Group>
          <Button variant="default">Before</Button>
          <DialogDemo />
          <Tooltip label="Reload the list">
            <ActionIcon variant="default" aria-label="Reload">
              ↻
            </ActionIcon>
          </Tooltip>
          <Button variant="default" onClick={() => showToast('Short toast', 1500)}>
            Show toast
          </Button>
        </Group>
        <MenuDemo />
        <TabsDemo />
        <SelectDemo />
        <PopoverDemo name="Filter" />
      </Stack>
      <PopoverDemo name="Top left" place={{ top: 4, left: 4 }} />
      <PopoverDemo name="Top right" place={{ top: 4, right: 4 }} />
      <PopoverDemo name="Bottom left" place={{ bottom: 4, left: 4 }} />
      <PopoverDemo name="Bottom right" place={{ bottom: 4, right: 4 }} />
      <Notifications store={toasts} hideAnimationMs={100} label="Notifications" />
    </main>
  );
}

const theme = new URLSearchParams(window.location.search).get('theme') === 'dark' ? 'dark' : 'light';
document.documentElement.setAttribute('data-theme', theme);
const root = document.getElementById('root');
if (root !== null) createRoot(root).render(<KitPage />);
