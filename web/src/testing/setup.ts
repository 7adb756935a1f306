import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// `npm test` runs the web tests beside the emulators and the e2e browser on 2 cores: a render that waits on a few
// mocked requests can take over the library's default second there (a CI run saw 1,075 ms). What the tests wait
// for is unchanged; only how long they may wait for it.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
