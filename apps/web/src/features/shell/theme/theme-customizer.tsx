/**
 * The theme customizer: every option, applied at once and saved with the staff
 * member's profile. Each choice is a native radio group or switch inside a fieldset, so arrow
 * keys, Tab and screen readers work as they do everywhere else.
 */
import { useId, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { ACTIVE_LINK_STYLES, BAR_THEMES, LAYOUT_THEMES } from '@registrar/contract/constants';
import { DEFAULT_THEME, SIDEBAR_BACKGROUND_IMAGES, type ThemeSettings } from '@registrar/contract/theme-settings';
import {
  SIDEBAR_IMAGES,
  barBackground,
  barPalette,
  layoutPalette,
  themeLabel,
  type BarKind,
  type BarTheme,
} from './theme-palettes';
import { selectThemeSettings } from './theme-slice';
import { useThemeControls, type ThemeSaveState } from './theme-sync';

interface Option<V extends string> {
  value: V;
  label: string;
  /** A small preview (colour swatch, image) drawn above the label. */
  preview?: ReactNode;
}

function ChoiceGroup<V extends string>({
  legend,
  hint,
  value,
  options,
  onChange,
  variant = 'segments',
}: {
  legend: string;
  hint?: string;
  value: V;
  options: readonly Option<V>[];
  onChange: (value: V) => void;
  variant?: 'segments' | 'swatches';
}) {
  const name = useId();
  const hintId = `${name}-hint`;
  return (
    <fieldset className="choice-group" aria-describedby={hint ? hintId : undefined}>
      <legend>{legend}</legend>
      {hint && (
        <p id={hintId} className="choice-hint">
          {hint}
        </p>
      )}
      <div className={`choice-options choice-${variant}`}>
        {options.map((option) => (
          <label key={option.value} className="choice">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span className="choice-face">
              {option.preview}
              <span className="choice-label">{option.label}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="toggle">
      <span>{label}</span>
      <input type="checkbox" role="switch" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span className="toggle-track" aria-hidden="true" />
    </label>
  );
}

const barOptions = (kind: BarKind): Option<BarTheme>[] =>
  BAR_THEMES.map((theme) => ({
    value: theme,
    label: themeLabel(theme),
    preview: (
      <span
        className="swatch"
        aria-hidden="true"
        style={{ background: barBackground(barPalette(kind, theme), 'to right') }}
      />
    ),
  }));

const layoutOptions: Option<ThemeSettings['layoutTheme']>[] = LAYOUT_THEMES.map((theme) => ({
  value: theme,
  label: themeLabel(theme),
  preview: <span className="swatch" aria-hidden="true" style={{ background: layoutPalette(theme).background }} />,
}));

const imageOptions: Option<ThemeSettings['sidebarBackgroundImage']>[] = SIDEBAR_BACKGROUND_IMAGES.map((image, i) => ({
  value: image,
  label: image === 'none' ? 'None' : `Image ${i}`,
  preview:
    image === 'none' ? (
      <span className="swatch swatch-none" aria-hidden="true" />
    ) : (
      <span
        className="swatch swatch-image"
        aria-hidden="true"
        style={{ backgroundImage: `url("${SIDEBAR_IMAGES[image]}")` }}
      />
    ),
}));

const linkStyleOptions: Option<ThemeSettings['activeLinkStyle']>[] = ACTIVE_LINK_STYLES.map((style, i) => ({
  value: style,
  label: `Style ${i + 1}`,
  preview: <span className={`link-style-preview link-style-preview-${style}`} aria-hidden="true" />,
}));

/** The two bars across the page, each shown or hidden, above or beside the sidebar, in its own colours. */
const BARS = {
  toolbar: {
    title: 'Toolbar',
    kind: 'topbar',
    showLabel: 'Show toolbar',
    positionLegend: 'Toolbar position',
    themeLegend: 'Top bar theme',
    keys: { display: 'toolbarDisplayValue', align: 'toolbarAlignValue', theme: 'topbarTheme' },
  },
  footer: {
    title: 'Footer',
    kind: 'footer',
    showLabel: 'Show footer',
    positionLegend: 'Footer position',
    themeLegend: 'Footer theme',
    keys: { display: 'footerDisplayValue', align: 'footerAlignValue', theme: 'footerTheme' },
  },
} as const;

const alignOptions: Option<ThemeSettings['toolbarAlignValue']>[] = [
  { value: 'above', label: 'Above' },
  { value: 'below', label: 'Below' },
];

function BarSection({
  bar,
  settings,
  change,
  note,
}: {
  bar: (typeof BARS)[keyof typeof BARS];
  settings: ThemeSettings;
  change: (next: Partial<ThemeSettings>) => void;
  /** Said under the switch (why the setting may not show in this layout). */
  note?: ReactNode;
}) {
  const { display, align, theme } = bar.keys;
  return (
    <section className="customizer-section">
      <h3>{bar.title}</h3>
      <Toggle
        label={bar.showLabel}
        checked={settings[display] === 'show'}
        onChange={(on) => change({ [display]: on ? 'show' : 'hide' } as Partial<ThemeSettings>)}
      />
      {note}
      <ChoiceGroup
        legend={bar.positionLegend}
        hint="Above: across the whole width. Below: beside the sidebar."
        value={settings[align]}
        options={alignOptions}
        onChange={(value) => change({ [align]: value } as Partial<ThemeSettings>)}
      />
      <ChoiceGroup
        legend={bar.themeLegend}
        variant="swatches"
        value={settings[theme]}
        options={barOptions(bar.kind)}
        onChange={(value) => change({ [theme]: value } as Partial<ThemeSettings>)}
      />
    </section>
  );
}

const SAVE_TEXT: Record<ThemeSaveState, string> = {
  idle: 'Your choices are saved with your profile and follow you to any browser.',
  pending: 'Saving…',
  saving: 'Saving…',
  saved: 'Saved to your profile.',
  error: 'Not saved: the server could not be reached.',
};

export function ThemeCustomizer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const settings = useSelector(selectThemeSettings);
  const { change, saveState, flush } = useThemeControls();
  const titleId = useId();
  const horizontal = settings.layout === 'horizontal';
  const set =
    <K extends keyof ThemeSettings>(key: K) =>
    (value: ThemeSettings[K]) =>
      change({ [key]: value } as Partial<ThemeSettings>);
  const onOff = (on: boolean) => (on ? 'on' : 'off') as 'on' | 'off';
  const isDefault = (Object.keys(DEFAULT_THEME) as (keyof ThemeSettings)[]).every(
    (k) => settings[k] === DEFAULT_THEME[k],
  );

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { className: 'customizer', role: 'dialog', 'aria-modal': true, 'aria-labelledby': titleId } }}
    >
      <div className="customizer-head">
        <h2 id={titleId}>Theme settings</h2>
        <IconButton aria-label="Close theme settings" onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </div>
      <p className="customizer-status" role="status" data-state={saveState}>
        {SAVE_TEXT[saveState]}
        {saveState === 'error' && (
          <Button size="small" onClick={() => void flush()}>
            Retry
          </Button>
        )}
      </p>

      <section className="customizer-section">
        <h3>Layout</h3>
        <ChoiceGroup
          legend="Menu position"
          value={settings.layout}
          options={[
            { value: 'vertical', label: 'Vertical (sidebar)' },
            { value: 'horizontal', label: 'Horizontal (top bar)' },
          ]}
          onChange={set('layout')}
        />
        <ChoiceGroup
          legend="Layout theme"
          variant="swatches"
          value={settings.layoutTheme}
          options={layoutOptions}
          onChange={set('layoutTheme')}
        />
      </section>

      <section className="customizer-section">
        <h3>Sidebar</h3>
        {horizontal && (
          <p className="choice-hint">
            The sidebar shows in the vertical layout, and as the menu drawer on small screens.
          </p>
        )}
        <Toggle
          label="Mini sidebar (expands on hover)"
          checked={settings.sidebarMiniValue === 'on'}
          onChange={(on) => change({ sidebarMiniValue: onOff(on) })}
        />
        <Toggle
          label="Transparent sidebar"
          checked={settings.sidebarTransParentValue === 'on'}
          onChange={(on) => change({ sidebarTransParentValue: onOff(on) })}
        />
        <ChoiceGroup
          legend="Sidebar theme"
          hint={
            settings.sidebarTransParentValue === 'on'
              ? 'A transparent sidebar takes the layout theme’s colours.'
              : undefined
          }
          variant="swatches"
          value={settings.sidebarTheme}
          options={barOptions('sidebar')}
          onChange={set('sidebarTheme')}
        />
        <ChoiceGroup
          legend="Sidebar background image"
          variant="swatches"
          value={settings.sidebarBackgroundImage}
          options={imageOptions}
          onChange={set('sidebarBackgroundImage')}
        />
      </section>

      <BarSection
        bar={BARS.toolbar}
        settings={settings}
        change={change}
        note={
          horizontal && (
            <p className="choice-hint">The horizontal layout always shows its top bar: it holds the menu.</p>
          )
        }
      />
      <BarSection bar={BARS.footer} settings={settings} change={change} />

      <section className="customizer-section">
        <h3>Menu</h3>
        <ChoiceGroup
          legend="Active link style"
          value={settings.activeLinkStyle}
          options={linkStyleOptions}
          onChange={set('activeLinkStyle')}
        />
      </section>

      <div className="customizer-foot">
        <Button variant="outlined" disabled={isDefault} onClick={() => change(DEFAULT_THEME)}>
          Reset to defaults
        </Button>
      </div>
    </Drawer>
  );
}
