import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render';
import { Composer } from './composer';

function renderComposer(onSendText = vi.fn(async () => {}), onAttach = vi.fn()) {
  return {
    onSendText,
    onAttach,
    rendered: renderApp(
      <Composer
        onSendText={onSendText}
        onAttach={onAttach}
        upload={null}
        onCancelUpload={() => {}}
      />,
    ),
  };
}

describe('the chat text box', () => {
  it('sends on Enter and makes a new line on Shift+Enter', async () => {
    const { onSendText, rendered } = renderComposer();
    await rendered;
    const user = userEvent.setup();
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(box, 'first line{Shift>}{Enter}{/Shift}second line');
    expect(onSendText).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onSendText).toHaveBeenCalledWith('first line\nsecond line');
    expect(box).toHaveValue('');
  });

  it('ignores empty or blank text', async () => {
    const { onSendText, rendered } = renderComposer();
    await rendered;
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), '   {Enter}');
    expect(onSendText).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('gives the text back when it could not be sent', async () => {
    const { rendered } = renderComposer(vi.fn(async () => Promise.reject(new Error('denied'))));
    await rendered;
    const user = userEvent.setup();
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(box, 'Hello{Enter}');
    await waitFor(() => expect(box).toHaveValue('Hello'));
  });

  it('attaches a file, an image or a video through the upload menu', async () => {
    const { onAttach, rendered } = renderComposer();
    await rendered;
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Attach a file, image or video' }));
    expect(await screen.findByRole('menuitem', { name: 'File' })).toBeVisible();
    expect(screen.getByRole('menuitem', { name: 'Image' })).toBeVisible();
    expect(screen.getByRole('menuitem', { name: 'Video' })).toBeVisible();
    await user.keyboard('{Escape}');
    const clip = new File(['mp4'], 'drive.mp4', { type: 'video/mp4' });
    await user.upload(screen.getByTestId('pick-video'), clip);
    expect(onAttach).toHaveBeenCalledWith('video', clip);
  });

  it('still takes text while offline, but no file: a picked file cannot wait across a reload', async () => {
    const onSendText = vi.fn(async () => {});
    await renderApp(
      <Composer
        onSendText={onSendText}
        onAttach={() => {}}
        upload={null}
        onCancelUpload={() => {}}
        offline
      />,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Later{Enter}');
    expect(onSendText).toHaveBeenCalledWith('Later');
    expect(
      screen.getByRole('button', { name: 'Files can be sent once the connection is back' }),
    ).toBeDisabled();
  });

  it('shows the upload progress with a way to cancel it', async () => {
    const cancel = vi.fn();
    await renderApp(
      <Composer
        onSendText={async () => {}}
        onAttach={() => {}}
        upload={{ name: 'drive.mp4', fraction: 0.42 }}
        onCancelUpload={cancel}
      />,
    );
    expect(await screen.findByRole('progressbar', { name: 'Uploading drive.mp4' })).toHaveAttribute(
      'aria-valuenow',
      '42',
    );
    expect(screen.getByText('42%')).toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel the upload' }));
    expect(cancel).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Attach a file, image or video' })).toBeDisabled();
  });
});
