/** The notifications card's texts (docs/product.md#web-push), written once; the tests import the same constants. */
export const PUSH_TEXT = {
  title: 'Notifications on this device',
  intro:
    'One notification after each daily update: how your forecasts resolved, and what they charged or released. ' +
    'Never one per forecast.',
  turnOn: 'Turn on notifications',
  turningOn: 'Turning on...',
  onHere: 'Notifications are on for this device.',
  devices: 'Devices with notifications on',
  thisDevice: 'This device',
  added: (date: string) => `Added ${date}`,
  remove: 'Remove',
  removeLabel: (device: string, added: string) => `Remove ${device}, added ${added}`,
  needsConnection: 'Needs a connection: notifications change once you are back online.',
  loading: 'Loading your devices...',
  loadFailed: 'Failed to load your devices',
  turnOnFailed: 'Notifications could not be turned on',
  removeFailed: 'The device could not be removed',
  blocked:
    "Notifications are blocked for StockSeer in this browser's settings. Allow them there (the lock or site " +
    'settings icon beside the address), then turn them on here.',
  dismissed: 'Notifications stay off: the browser was not allowed to show them.',
  unsupported:
    'This browser cannot show notifications from StockSeer. On an iPhone or iPad, add StockSeer to your Home Screen ' +
    '(Share, then Add to Home Screen) and turn them on from there.',
  noWorker: 'Notifications need the app to finish loading. Reload the page, then try again.',
} as const;
