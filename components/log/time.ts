import dayjs from 'dayjs';

/** How the log screens show a moment: local time, to the second. */
export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export function formatTime(value: string | null | undefined): string {
  return value ? dayjs(value).format(TIME_FORMAT) : '—';
}
