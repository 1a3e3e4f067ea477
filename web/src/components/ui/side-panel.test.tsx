import '../../test/setup.ts';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { SidePanel } from './side-panel.tsx';

function phoneScreen() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string): MediaQueryList =>
    Object.assign(new EventTarget(), {
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
    }),
  );
}

function drag(distance: number) {
  const handle = screen.getByTestId('side-panel-handle');
  fireEvent.pointerDown(handle, { pointerId: 1, button: 0, clientY: 100 });
  fireEvent.pointerMove(handle, { pointerId: 1, clientY: 100 + distance });
  fireEvent.pointerUp(handle, { pointerId: 1, clientY: 100 + distance });
}

describe('side panel', () => {
  it('on phones closes when swiped down more than 100 px, not less', () => {
    phoneScreen();
    const onOpenChange = vi.fn();
    render(
      <SidePanel open onOpenChange={onOpenChange} title="Booking details">
        <p>Details</p>
      </SidePanel>,
    );
    expect(screen.getByRole('dialog', { name: 'Booking details' })).toBeTruthy();

    drag(80);
    expect(onOpenChange).not.toHaveBeenCalled();

    drag(140);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('closes with its close button', () => {
    const onOpenChange = vi.fn();
    render(<SidePanel open onOpenChange={onOpenChange} title="Edit plan" />);

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));

    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
