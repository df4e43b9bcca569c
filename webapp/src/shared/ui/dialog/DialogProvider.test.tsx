import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/renderApp';
import { useDialogs } from './DialogProvider';

function Demo({ danger = false }: { danger?: boolean }) {
  const { confirm, alert } = useDialogs();
  const [result, setResult] = useState('none');
  return (
    <>
      <button
        type="button"
        onClick={async () => {
          const ok = await confirm({
            title: 'Delete entry?',
            message: 'This cannot be undone.',
            confirmText: 'Yes, delete',
            cancelText: 'Keep',
            danger,
          });
          setResult(String(ok));
        }}
      >
        Delete
      </button>
      <button
        type="button"
        onClick={async () => {
          await alert({ title: 'Saved', message: 'Your entry was saved.' });
          setResult('alert closed');
        }}
      >
        Notify
      </button>
      <output>{result}</output>
    </>
  );
}

describe('dialogs', () => {
  it('confirm resolves true on confirm', async () => {
    const { user } = renderWithProviders(<Demo />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete entry?' });
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    // The page behind the dialog is inert while it is open.
    expect(screen.getByRole('button', { name: 'Notify' }).closest('[inert]')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('true');
    expect(screen.getByRole('button', { name: 'Notify' }).closest('[inert]')).toBeNull();
  });

  it('confirm resolves false on cancel and returns focus to the opener', async () => {
    const { user } = renderWithProviders(<Demo />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Keep' }));
    expect(screen.getByRole('status')).toHaveTextContent('false');
    expect(opener).toHaveFocus();
  });

  it('Escape cancels', async () => {
    const { user } = renderWithProviders(<Demo />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('false');
  });

  it('traps focus inside and focuses Cancel first for dangerous actions', async () => {
    const { user } = renderWithProviders(<Demo danger />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const keep = screen.getByRole('button', { name: 'Keep' });
    const remove = screen.getByRole('button', { name: 'Yes, delete' });
    expect(keep).toHaveFocus();
    await user.tab();
    expect(remove).toHaveFocus();
    await user.tab();
    expect(keep).toHaveFocus();
    await user.tab({ shift: true });
    expect(remove).toHaveFocus();
  });

  it('alert closes on OK', async () => {
    const { user } = renderWithProviders(<Demo />);
    await user.click(screen.getByRole('button', { name: 'Notify' }));
    expect(screen.getByRole('alertdialog', { name: 'Saved' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('alert closed');
  });
});
