import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Link, Router } from 'wouter';
import { ActionIcon, Button, CloseButton, CopyButton, FileButton, UnstyledButton } from './buttons';
import { colorVars, Loader } from './feedback';
import { Progress, ThemeIcon } from './progress';
import { Alert, Badge, Indicator } from './status';

const html = (node: ReactNode) => renderToStaticMarkup(node);

/** The first element of some markup: its tag and attributes (names in lower case, as HTML reads them). */
function root(markup: string): { tag: string; attrs: Record<string, string> } {
  const open = /^<([a-z]+)([^>]*)>/.exec(markup);
  if (open === null) throw new Error(`no element in ${markup}`);
  const attrs: Record<string, string> = {};
  for (const [, name, value] of (open[2] ?? '').matchAll(/\s([\w:-]+)(?:="([^"]*)")?/g))
    attrs[(name as string).toLowerCase()] = value ?? '';
  return { tag: open[1] as string, attrs };
}

describe('Button', () => {
  it('is a type="button" by default, with its root and label classes and the filled variant', () => {
    const markup = html(<Button>Save</Button>);
    const { tag, attrs } = root(markup);
    expect(tag).toBe('button');
    expect(attrs.type).toBe('button');
    expect(attrs.class).toContain('st-Button-root');
    expect(attrs['data-variant']).toBe('filled');
    expect(attrs.disabled).toBeUndefined();
    expect(markup).toContain('<span class="st-Button-label">Save</span>');
  });

  it('keeps a submit type, its size, variant and colour variables', () => {
    const { attrs } = root(
      html(
        <Button type="submit" size="xs" variant="light" color="red">
          Go
        </Button>,
      ),
    );
    expect(attrs.type).toBe('submit');
    expect(attrs['data-size']).toBe('xs');
    expect(attrs['data-variant']).toBe('light');
    expect(attrs.style).toContain('--c-light:var(--st-red-light)');
    expect(attrs.style).toContain('--c-text:var(--st-red-text)');
  });

  it('renders `component` (a router Link with `to`) with the button classes and no button type', () => {
    const markup = html(
      <Router ssrPath="/">
        <Button component={Link} to="/audit" variant="light" size="xs">
          Audit
        </Button>
      </Router>,
    );
    const { tag, attrs } = root(markup);
    expect(tag).toBe('a');
    expect(attrs.href).toBe('/audit');
    expect(attrs.class).toContain('st-Button-root');
    expect(attrs.type).toBeUndefined();
    expect(markup).toContain('class="st-Button-label"');
  });

  it('renders an anchor with href and download', () => {
    const { tag, attrs } = root(
      html(
        <Button component="a" href="blob:x" download="audit.csv">
          CSV
        </Button>,
      ),
    );
    expect(tag).toBe('a');
    expect(attrs).toMatchObject({ href: 'blob:x', download: 'audit.csv' });
  });

  it('while loading: disabled, aria-busy, a spinner over the still-rendered label', () => {
    const markup = html(<Button loading>Save</Button>);
    const { attrs } = root(markup);
    expect(attrs.disabled).toBe('');
    expect(attrs['aria-busy']).toBe('true');
    expect(attrs['data-loading']).toBe('true');
    expect(markup).toContain('st-Loader-root');
    expect(markup).toContain('<span class="st-Button-label">Save</span>');
    // (unnamed, the spinner is hidden: the busy button says it)
    expect(markup).toMatch(/<span aria-hidden="true" class="st-Loader-root"/);
  });

  it("names the spinner from loaderProps' aria-label as a status", () => {
    const markup = html(
      <Button loading loaderProps={{ 'aria-label': 'Checking' }}>
        Retry
      </Button>,
    );
    expect(markup).toMatch(/<span role="status" aria-label="Checking" class="st-Loader-root"/);
  });

  it('passes trigger attributes through and leaves its own props off the DOM', () => {
    const markup = html(
      <Button
        popoverTarget="p1"
        aria-haspopup="dialog"
        aria-expanded={false}
        leftSection={<i>L</i>}
        rightSection={<i>R</i>}
        fullWidth
        justify="space-between"
        mt="sm"
      >
        Open
      </Button>,
    );
    const { attrs } = root(markup);
    expect(attrs).toMatchObject({ popovertarget: 'p1', 'aria-haspopup': 'dialog', 'aria-expanded': 'false' });
    expect(attrs['data-full-width']).toBe('true');
    expect(attrs['data-with-left-section']).toBe('true');
    expect(attrs.style).toContain('--b-justify:space-between');
    expect(attrs.style).toContain('margin-top:var(--st-sp-sm)');
    for (const prop of ['leftsection', 'rightsection', 'fullwidth', 'justify', 'loading', 'variant', 'color'])
      expect(attrs[prop]).toBeUndefined();
    expect(markup).toContain('<span class="st-Button-section"><i>L</i></span>');
  });
});

describe('ActionIcon and CloseButton', () => {
  it('sizes by a step or a number of pixels', () => {
    expect(root(html(<ActionIcon aria-label="x" size="lg" />)).attrs.style).toBe('--ai-size:34px');
    expect(root(html(<ActionIcon aria-label="x" size={40} />)).attrs.style).toBe('--ai-size:40px');
    expect(root(html(<ActionIcon aria-label="x" />)).attrs.style).toBeUndefined();
  });

  it('shows a spinner instead of its icon while loading, disabled', () => {
    const markup = html(
      <ActionIcon aria-label="Delete" loading>
        <svg />
      </ActionIcon>,
    );
    expect(root(markup).attrs).toMatchObject({ disabled: '', 'aria-busy': 'true', 'aria-label': 'Delete' });
    expect(markup).toContain('st-Loader-root');
    expect(markup).not.toContain('<svg');
  });

  it('CloseButton: a subtle grey button with an X', () => {
    const markup = html(<CloseButton size="xs" aria-label="Remove" />);
    const { attrs } = root(markup);
    expect(attrs.class).toContain('st-CloseButton-root');
    expect(attrs).toMatchObject({ type: 'button', 'aria-label': 'Remove', 'data-variant': 'subtle' });
    expect(attrs.style).toContain('--c-text:var(--st-gray-text)');
    expect(markup).toContain('<svg');
  });
});

describe('UnstyledButton, CopyButton and FileButton', () => {
  it('UnstyledButton is a type="button" with its style props', () => {
    const { attrs } = root(html(<UnstyledButton maw="100%">x</UnstyledButton>));
    expect(attrs).toMatchObject({ type: 'button', class: 'st-UnstyledButton-root', style: 'max-width:100%' });
  });

  it('CopyButton renders its children with copied false at first', () => {
    const markup = html(
      <CopyButton value="token">
        {({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy'}</Button>}
      </CopyButton>,
    );
    expect(markup).toContain('>Copy</span>');
  });

  it('FileButton renders its button and a hidden file input with accept', () => {
    const markup = html(
      <FileButton onChange={() => undefined} accept=".zip">
        {(props) => <Button {...props}>Upload</Button>}
      </FileButton>,
    );
    expect(markup).toContain('>Upload</span>');
    expect(markup).toMatch(/<input type="file" hidden="" accept=".zip"\/>/);
  });
});

describe('feedback', () => {
  it('Alert: role alert by default or the role given, named by its title', () => {
    const markup = html(
      <Alert color="red" title="Unreachable">
        Try later
      </Alert>,
    );
    const { attrs } = root(markup);
    expect(attrs.role).toBe('alert');
    expect(attrs.class).toContain('st-Alert-root');
    expect(attrs['data-variant']).toBe('light');
    const title = /<div class="st-Alert-title" id="([^"]+)">Unreachable<\/div>/.exec(markup);
    expect(title).not.toBeNull();
    expect(attrs['aria-labelledby']).toBe(title?.[1]);
    expect(markup).toContain('Try later');
    expect(root(html(<Alert role="status" title="Waiting" />)).attrs.role).toBe('status');
  });

  it('Alert: a labelled close button when asked for', () => {
    const markup = html(<Alert withCloseButton closeButtonLabel="Close" onClose={() => undefined} />);
    expect(markup).toMatch(/<button type="button" class="st-Alert-closeButton" aria-label="Close">/);
    expect(html(<Alert>Text</Alert>)).not.toContain('button');
  });

  it('Progress: a named progressbar with its value', () => {
    const { attrs } = root(html(<Progress value={33.3333} aria-label="Upload" size="sm" />));
    expect(attrs).toMatchObject({
      role: 'progressbar',
      'aria-label': 'Upload',
      'aria-valuenow': '33.3333',
      'aria-valuemin': '0',
      'aria-valuemax': '100',
      'aria-valuetext': '33%',
    });
    expect(attrs.style).toBe('--p-size:5px');
  });

  it('Progress.Root hands its label to its one section, the progressbar', () => {
    const markup = html(
      <Progress.Root size="lg" aria-label="Upload to lamp">
        <Progress.Section value={40} color="green">
          <Progress.Label>40%</Progress.Label>
        </Progress.Section>
      </Progress.Root>,
    );
    expect(root(markup).attrs['aria-label']).toBeUndefined();
    expect(markup).toMatch(/<div role="progressbar"[^>]*aria-valuenow="40"[^>]*aria-label="Upload to lamp"/);
    expect(markup).toContain('width:40%');
    expect(markup).toContain('--c-filled:var(--st-green-filled)');
    expect(markup).toContain('<div class="st-Progress-label">40%</div>');
  });

  it('Badge: light by default; colour variables for a kit colour, a shade and a CSS colour', () => {
    const light = root(html(<Badge color="orange">new</Badge>)).attrs;
    expect(light['data-variant']).toBe('light');
    expect(light.style).toContain('--c-light:var(--st-orange-light)');
    expect(light.style).toContain('--c-text:var(--st-orange-text)');
    const shade = root(
      html(
        <Badge color="red.9" variant="filled">
          x
        </Badge>,
      ),
    ).attrs;
    expect(shade.style).toContain('--c-filled:var(--st-red-9)');
    expect(colorVars('#123456')?.['--c-filled']).toBe('#123456');
    expect(colorVars('teal')?.['--c-filled']).toBe('var(--st-teal-9)');
    expect(root(html(<Badge>x</Badge>)).attrs.style).toBeUndefined();
  });

  it('Badge: size, tt, component and sections', () => {
    const markup = html(
      <Badge component="li" size="lg" tt="none" rightSection={<b>x</b>}>
        10.0.0.1
      </Badge>,
    );
    const { tag, attrs } = root(markup);
    expect(tag).toBe('li');
    expect(attrs['data-size']).toBe('lg');
    expect(attrs.style).toBe('text-transform:none');
    expect(markup).toContain(
      '<span class="st-Badge-label">10.0.0.1</span><span class="st-Badge-section"><b>x</b>',
    );
  });

  it('Loader: sizes and passes role and aria-label through', () => {
    const { attrs } = root(html(<Loader role="status" size="sm" aria-label="Loading" />));
    expect(attrs).toMatchObject({ role: 'status', 'aria-label': 'Loading', style: '--l-size:22px' });
    expect(root(html(<Loader size={14} />)).attrs.style).toBe('--l-size:14px');
  });

  it('ThemeIcon and Indicator', () => {
    const icon = root(html(<ThemeIcon size={16} color="green" radius="xl" />)).attrs;
    expect(icon.style).toContain('--ti-size:16px');
    expect(icon.style).toContain('border-radius:32px');
    expect(icon['data-variant']).toBe('filled');
    const shown = html(
      <Indicator label={3} size={16} offset={2} color="red">
        <svg />
      </Indicator>,
    );
    expect(shown).toMatch(
      /<span class="st-Indicator-indicator" style="[^"]*--i-size:16px;--i-offset:2px">3<\/span>/,
    );
    expect(html(<Indicator label={0} disabled />)).not.toContain('st-Indicator-indicator');
  });
});
