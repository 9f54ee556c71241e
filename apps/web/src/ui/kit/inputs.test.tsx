import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Checkbox } from './choices';
import { TextInput } from './inputs';
import { NativeSelect } from './NativeSelect';
import { PasswordInput } from './password';
import { NavLink, Tabs } from './Tabs';
import { FileInput, Textarea } from './textFields';
import { SegmentedControl, Switch } from './toggles';

interface Tag {
  name: string;
  attrs: Record<string, string>;
}

/** The opening tags of the markup a node renders, with their attributes (enough for these checks). */
function tags(node: ReactNode): Tag[] {
  const out: Tag[] = [];
  for (const [, name = '', body = ''] of renderToStaticMarkup(node).matchAll(/<([a-z]+)([^>]*)>/g)) {
    const attrs: Record<string, string> = {};
    for (const [, key = '', value] of body.matchAll(/([^\s=]+)(?:="([^"]*)")?/g))
      attrs[key.toLowerCase()] = value ?? '';
    out.push({ name, attrs });
  }
  return out;
}

const byClass = (all: Tag[], name: string) => all.filter((t) => t.attrs.class?.split(' ').includes(name));
const one = (all: Tag[], pick: (t: Tag) => boolean): Tag => {
  const found = all.filter(pick);
  expect(found).toHaveLength(1);
  return found[0] as Tag;
};

describe('text fields', () => {
  it('link the label to the input by id, and put style props on the root, the rest on the input', () => {
    const all = tags(
      <TextInput label="Name" value="x" onChange={() => {}} maw={420} data-autofocus title="t" />,
    );
    const label = one(all, (t) => t.name === 'label');
    const input = one(all, (t) => t.name === 'input');
    expect(input.attrs.id).toBeTruthy();
    expect(label.attrs.for).toBe(input.attrs.id);
    expect(input.attrs['data-autofocus']).toBe('true');
    expect(input.attrs.title).toBe('t');
    expect(input.attrs.style).toBeUndefined();
    const root = one(all, (t) => t.attrs.class?.includes('st-TextInput-root') === true);
    expect(root.attrs.style).toBe('max-width:420px');
    expect(root.attrs['data-size']).toBe('sm');
    // no layout prop reaches the DOM as an attribute
    expect(all.some((t) => 'maw' in t.attrs || 'label' in t.attrs || 'description' in t.attrs)).toBe(false);
  });

  it('mark an error: aria-invalid, described by the description and the message', () => {
    const all = tags(<TextInput label="Name" description="Hint" error="Required" id="name" required />);
    const input = one(all, (t) => t.name === 'input');
    expect(input.attrs['aria-invalid']).toBe('true');
    expect(input.attrs['aria-describedby']).toBe('name-description name-error');
    expect(input.attrs.required).toBe('');
    expect(byClass(all, 'st-InputWrapper-error')[0]?.attrs.id).toBe('name-error');
    expect(byClass(all, 'st-InputWrapper-description')[0]?.attrs.id).toBe('name-description');
    expect(byClass(all, 'st-InputWrapper-required')).toHaveLength(1);
    expect(byClass(all, 'st-Input-wrapper')[0]?.attrs['data-error']).toBe('true');
    const markup = renderToStaticMarkup(<TextInput label="Name" error="Required" />);
    expect(markup).toContain('>Required</div>');
  });

  it('leave a valid field alone, and show no message for error={true}', () => {
    const valid = one(tags(<TextInput label="Name" />), (t) => t.name === 'input');
    expect(valid.attrs['aria-invalid']).toBeUndefined();
    expect(valid.attrs['aria-describedby']).toBeUndefined();
    const all = tags(<TextInput label="Name" error />);
    expect(one(all, (t) => t.name === 'input').attrs['aria-invalid']).toBe('true');
    expect(byClass(all, 'st-InputWrapper-error')).toHaveLength(0);
  });

  it('render sections and size as data attributes', () => {
    const all = tags(<TextInput aria-label="Search" size="xs" leftSection={<b />} variant="filled" />);
    const wrapper = byClass(all, 'st-Input-wrapper')[0];
    expect(wrapper?.attrs['data-with-left-section']).toBe('true');
    expect(wrapper?.attrs['data-variant']).toBe('filled');
    expect(byClass(all, 'st-TextInput-root')[0]?.attrs['data-size']).toBe('xs');
    expect(byClass(all, 'st-Input-section')[0]?.attrs['data-position']).toBe('left');
  });

  it('give the password toggle a name and a pressed state, controlling the input', () => {
    const all = tags(
      <PasswordInput
        label="Password"
        id="pw"
        visibilityToggleButtonProps={{ 'aria-label': 'Show or hide' }}
      />,
    );
    expect(one(all, (t) => t.name === 'input').attrs.type).toBe('password');
    const toggle = one(all, (t) => t.name === 'button');
    expect(toggle.attrs).toMatchObject({
      'aria-label': 'Show or hide',
      'aria-pressed': 'false',
      'aria-controls': 'pw',
    });
    const plain = one(tags(<PasswordInput label="Password" />), (t) => t.name === 'button');
    expect(plain.attrs['aria-label']).toBe('Show password');
    expect(plain.attrs['aria-pressed']).toBeUndefined();
  });

  it('start an autosized textarea at minRows, with the styles given for the input', () => {
    const area = one(
      tags(
        <Textarea
          label="Dump"
          value="a"
          readOnly
          autosize
          minRows={2}
          maxRows={6}
          styles={{ input: { fontSize: 12 } }}
        />,
      ),
      (t) => t.name === 'textarea',
    );
    expect(area.attrs.rows).toBe('2');
    expect(area.attrs.readonly).toBe('');
    expect(area.attrs.style).toBe('font-size:12px');
  });

  it('show the chosen file on the field button, labelled, with a hidden file input', () => {
    const file = new File(['x'], 'fw.bin');
    const all = tags(<FileInput label="File" accept=".bin" value={file} onChange={() => {}} clearable />);
    const field = one(all, (t) => t.name === 'button' && t.attrs.class === 'st-Input-input');
    expect(one(all, (t) => t.name === 'label').attrs.for).toBe(field.attrs.id);
    expect(one(all, (t) => t.name === 'input').attrs).toMatchObject({
      type: 'file',
      accept: '.bin',
      hidden: '',
    });
    expect(renderToStaticMarkup(<FileInput label="File" value={file} />)).toContain('>fw.bin</span>');
    expect(byClass(all, 'st-FileInput-clear')).toHaveLength(1);
  });

  it('list a NativeSelect’s data as options', () => {
    const all = tags(
      <NativeSelect
        label="Mode"
        value="b"
        onChange={() => {}}
        data={['a', { value: 'b', label: 'B', disabled: true }]}
      />,
    );
    const select = one(all, (t) => t.name === 'select');
    expect(one(all, (t) => t.name === 'label').attrs.for).toBe(select.attrs.id);
    expect(all.filter((t) => t.name === 'option').map((t) => t.attrs)).toEqual([
      { value: 'a' },
      { value: 'b', disabled: '', selected: '' },
    ]);
  });
});

describe('choices', () => {
  it('label a checkbox, keep its root class and mark indeterminate', () => {
    const all = tags(
      <Checkbox label="Admin" description="More" size="xs" mx={6} indeterminate onChange={() => {}} />,
    );
    const input = one(all, (t) => t.name === 'input');
    expect(input.attrs.type).toBe('checkbox');
    expect(input.attrs['data-indeterminate']).toBe('true');
    expect(one(all, (t) => t.name === 'label').attrs.for).toBe(input.attrs.id);
    expect(input.attrs['aria-describedby']).toBe(`${input.attrs.id}-description`);
    const root = byClass(all, 'st-Checkbox-root')[0];
    expect(root?.attrs).toMatchObject({ 'data-size': 'xs', style: 'margin-left:6px;margin-right:6px' });
  });

  it('Checkbox.Group checks the boxes whose value it holds, in a labelled group', () => {
    const all = tags(
      <Checkbox.Group label="Kinds" value={['b']} onChange={() => {}}>
        <Checkbox value="a" label="A" />
        <Checkbox value="b" label="B" />
      </Checkbox.Group>,
    );
    const group = one(all, (t) => t.attrs.role === 'group');
    expect(one(all, (t) => t.attrs.id === group.attrs['aria-labelledby']).attrs.class).toBe(
      'st-InputWrapper-label',
    );
    const boxes = all.filter((t) => t.name === 'input');
    expect(boxes.map((b) => [b.attrs.value, 'checked' in b.attrs])).toEqual([
      ['a', false],
      ['b', true],
    ]);
  });

  it('a Switch is a checkbox with the switch role', () => {
    const input = one(
      tags(<Switch label="On" checked onChange={() => {}} color="red" />),
      (t) => t.name === 'input',
    );
    expect(input.attrs).toMatchObject({
      type: 'checkbox',
      role: 'switch',
      checked: '',
      'aria-checked': 'true',
    });
    expect(renderToStaticMarkup(<Switch label="On" color="red" />)).toContain(
      '--choice-color:var(--st-red-filled)',
    );
  });

  it('a SegmentedControl is a named radiogroup of labelled radios', () => {
    const all = tags(
      <SegmentedControl
        aria-label="Range"
        value="b"
        onChange={() => {}}
        data={['a', { value: 'b', label: 'B' }]}
      />,
    );
    expect(one(all, (t) => t.attrs.role === 'radiogroup').attrs['aria-label']).toBe('Range');
    const radios = all.filter((t) => t.name === 'input');
    expect(radios.map((r) => [r.attrs.type, r.attrs.value, 'checked' in r.attrs])).toEqual([
      ['radio', 'a', false],
      ['radio', 'b', true],
    ]);
    expect(new Set(radios.map((r) => r.attrs.name)).size).toBe(1);
    const labels = all.filter((t) => t.name === 'label');
    expect(labels.map((l) => l.attrs.for)).toEqual(radios.map((r) => r.attrs.id));
  });
});

describe('tabs', () => {
  const tabs = (keepMounted?: boolean) =>
    tags(
      <Tabs value="b" onChange={() => {}} keepMounted={keepMounted}>
        <Tabs.List>
          <Tabs.Tab value="a">A</Tabs.Tab>
          <Tabs.Tab value="b" color="red">
            B
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="a">panel a</Tabs.Panel>
        <Tabs.Panel value="b" pt="md">
          panel b
        </Tabs.Panel>
      </Tabs>,
    );

  // (the tab order and the keyboard: e2e/ui.primitives.spec.ts, in Chromium)
  it('render a tablist of tabs, the chosen one selected and coloured', () => {
    const kept = tabs();
    expect(kept.filter((t) => t.attrs.role === 'tablist')).toHaveLength(1);
    const [a, b] = kept.filter((t) => t.attrs.role === 'tab');
    expect(a?.attrs).toMatchObject({ 'aria-selected': 'false', type: 'button' });
    expect(b?.attrs).toMatchObject({ 'aria-selected': 'true', 'data-active': 'true' });
    expect(b?.attrs.style).toBe('--tab-color:var(--st-red-filled)');
  });

  it('link each tab and its panel, hiding the other panels while they stay mounted', () => {
    const kept = tabs();
    const panels = kept.filter((t) => t.attrs.role === 'tabpanel');
    expect(panels).toHaveLength(2);
    for (const tab of kept.filter((t) => t.attrs.role === 'tab')) {
      const panel = one(panels, (p) => p.attrs.id === tab.attrs['aria-controls']);
      expect(panel.attrs['aria-labelledby']).toBe(tab.attrs.id);
      expect('hidden' in panel.attrs).toBe(tab.attrs['aria-selected'] === 'false');
    }
    expect(panels[1]?.attrs.style).toMatch(/^padding-top:var\(--st-sp-md\)/);
  });

  it('drop the other panels with keepMounted={false}, and point no tab at a missing panel', () => {
    const dropped = tabs(false);
    const panels = dropped.filter((t) => t.attrs.role === 'tabpanel');
    expect(panels).toHaveLength(1);
    const [a, b] = dropped.filter((t) => t.attrs.role === 'tab');
    expect(a?.attrs['aria-controls']).toBeUndefined();
    expect(b?.attrs['aria-controls']).toBe(panels[0]?.attrs.id);
    expect(
      renderToStaticMarkup(
        <Tabs value="b" keepMounted={false}>
          <Tabs.Panel value="a">panel a</Tabs.Panel>
        </Tabs>,
      ),
    ).not.toContain('panel a');
  });

  it('NavLink is a button row, the active one highlighted and marked current', () => {
    const [row] = tags(<NavLink label="light: 3" active onClick={() => {}} data-sensor="light" />);
    expect(row).toMatchObject({
      name: 'button',
      attrs: { type: 'button', 'aria-current': 'true', 'data-active': 'true', 'data-sensor': 'light' },
    });
    expect(renderToStaticMarkup(<NavLink label="light: 3" disabled />)).toContain(' disabled=""');
  });
});
