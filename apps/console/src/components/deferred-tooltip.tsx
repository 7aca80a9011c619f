import type { TooltipProps } from '@fluentui/react-components';
import { cloneElement, lazy, Suspense, useId, useState, type ReactElement, type Ref } from 'react';

// Fluent's tooltip brings its positioning engine (floating-ui): it is loaded the first time the
// pointer or the focus reaches the control, so screens that show a tooltip do not load it first.
const Tooltip = lazy(() => import('./fluent-tooltip').then((m) => ({ default: m.Tooltip })));

type ChildProps = {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: () => void;
  onPointerLeave?: () => void;
  onFocus?: () => void;
  onBlur?: () => void;
  'aria-label'?: string;
  'aria-describedby'?: string;
};

/**
 * Fluent's `Tooltip` for a control of the always-visible shell, loaded on the first hover or focus
 * and shown from then on while the pointer or the focus is on the control (Escape hides it). The
 * tooltip is drawn beside the control, positioned against it, so loading it never re-creates the
 * control (a click or the focus in progress is kept). A `label` names the control with
 * `aria-label`; a `description` describes it while shown, as Fluent's tooltip does.
 */
export function DeferredTooltip({
  content,
  relationship,
  children,
}: {
  content: string;
  relationship: TooltipProps['relationship'];
  children: ReactElement<ChildProps>;
}) {
  const id = useId();
  const [target, setTarget] = useState<HTMLElement | null>(null);
  // null: the tooltip has not been wanted yet; then whether it is shown.
  const [visible, setVisible] = useState<boolean | null>(null);
  const show = () => setVisible(true);
  const hide = () => setVisible((wanted) => (wanted === null ? null : false));
  const own = children.props;
  const control = cloneElement(children, {
    ref: setTarget,
    onPointerEnter: () => (show(), own.onPointerEnter?.()),
    onPointerLeave: () => (hide(), own.onPointerLeave?.()),
    onFocus: () => (show(), own.onFocus?.()),
    onBlur: () => (hide(), own.onBlur?.()),
    ...(relationship === 'label' ? { 'aria-label': content } : {}),
    ...(relationship === 'description' && visible ? { 'aria-describedby': id } : {}),
  });
  return (
    <>
      {control}
      {visible !== null && target && (
        <Suspense fallback={null}>
          <Tooltip
            content={{ children: content, id }}
            relationship={relationship === 'label' ? 'inaccessible' : relationship}
            visible={visible}
            onVisibleChange={(_event, data) => setVisible(data.visible)}
            positioning={{ target }}
          >
            <span hidden />
          </Tooltip>
        </Suspense>
      )}
    </>
  );
}
