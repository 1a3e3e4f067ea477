import '../../test/setup.ts';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { Dialog } from './dialog.tsx';
import { SidePanel } from './side-panel.tsx';

/** Each modal, opened by a plain button (not a Radix Trigger), as the pages open them. */
function Opener({ kind }: { kind: 'dialog' | 'confirm' | 'panel' }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Something before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Open it
      </button>
      {kind === 'dialog' && (
        <Dialog open={open} onOpenChange={setOpen} title="Share">
          <p>Link</p>
        </Dialog>
      )}
      {kind === 'confirm' && <ConfirmDialog open={open} onOpenChange={setOpen} onConfirm={() => setOpen(false)} />}
      {kind === 'panel' && (
        <SidePanel open={open} onOpenChange={setOpen} title="Add service">
          <p>Form</p>
        </SidePanel>
      )}
    </>
  );
}

describe('modals give focus back to what opened them', () => {
  it.each(['dialog', 'confirm', 'panel'] as const)('%s, closed with Escape', async (kind) => {
    const user = userEvent.setup();
    render(<Opener kind={kind} />);
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open it' }));
    await user.keyboard('{Enter}');
    await screen.findByRole(kind === 'confirm' ? 'alertdialog' : 'dialog');
    expect(document.activeElement).not.toBe(screen.getByRole('button', { name: 'Open it', hidden: true }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole(kind === 'confirm' ? 'alertdialog' : 'dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open it' }));
  });
});
