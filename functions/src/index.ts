import { onRequest } from 'firebase-functions/v2/https';
import { setGlobalOptions } from 'firebase-functions/v2';
import { createApp } from './http/app';
import { auth, db } from './adapters/firestore/db';
import { systemClock } from './domain/clock';

setGlobalOptions({ region: 'us-central1', maxInstances: 10 });

export const api = onRequest({ memory: '1GiB', timeoutSeconds: 120 }, createApp({ db: db(), auth: auth(), clock: systemClock }));
