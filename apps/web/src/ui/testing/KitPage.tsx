// A page of every interactive primitive of the kit, for the keyboard, focus and axe tests in Chromium
// (e2e/ui.primitives.spec.ts bundles it with esbuild). Not part of the console's build. `?theme=dark` shows
// it dark (the data-theme attribute the console sets from ui/kit/colorScheme.ts).
import '../kit/base.css';
import '../kit/tokens.css';
import '../kit/palette.css';
import { type CSSProperties, useCallback, useRef, useState } from 'react';
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
import { useVirtualRows } from '../useVirtualRows';

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

/** A row's height in the virtual list: a repeating pattern, so a row measured as another is off. */
const heightOf = (id: number) => 20 + (id % 3) * 30;

/**
 * A virtual list of rows of known, varying heights, newest first (as the logs): "Add 5 on top" puts rows before
 * the measured ones; its element's height must stay the true sum of every row's height.
 */
function VirtualDemo() {
  const [ids, setIds] = useState(() => Array.from({ length: 40 }, (_, i) => 39 - i));
  const scroller = useRef<HTMLDivElement>(null);
  const keyOf = useCallback((index: number) => ids[index] ?? index, [ids]);
  const virtual = useVirtualRows({
    scrollRef: scroller,
    count: ids.length,
    rowHeight: 30,
    overscan: 0,
    keyOf,
  });
  return (
    <Stack gap={4}>
      <Group>
        <Button
          variant="default"
          onClick={() =>
            setIds((all) => [...Array.from({ length: 5 }, (_, i) => all.length + 4 - i), ...all])
          }
        >
          Add 5 on top
        </Button>
        <Text size="sm" data-testid="virtual-expected">
          {ids.reduce((sum, id) => sum + heightOf(id), 0)}
        </Text>
      </Group>
      <div ref={scroller} data-testid="virtual-scroller" style={{ height: 200, overflowY: 'auto' }}>
        <ul
          aria-label="Virtual rows"
          style={{
            height: virtual.totalSize,
            position: 'relative',
            margin: 0,
            padding: 0,
            listStyle: 'none',
          }}
        >
          {virtual.items.map((item) => {
            const id = ids[item.index] ?? 0;
            return (
              <li
                key={item.key}
                ref={virtual.measure}
                data-index={item.index}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  width: '100%',
                  height: heightOf(id),
                  transform: `translateY(${item.start}px)`,
                }}
              >
                Row {id}
              </li>
            );
          })}
        </ul>
      </div>
    </Stack>
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
      <div style={{ position: 'absolute', top: 64, right: 24, width: 320 }}>
        <VirtualDemo />
      </div>
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
