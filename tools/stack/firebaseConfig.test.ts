import { describe, expect, it } from 'vitest';
import { readFirebaseJson, stackFirebaseConfig } from './firebaseConfig';
import { PORT_OFFSET, PORTS } from './config';

describe("the stack's firebase.json", () => {
  it('shifts the port of every emulator firebase.json names, so two stacks share none', () => {
    const production = readFirebaseJson();
    const local = stackFirebaseConfig(production);
    const named = Object.entries(production.emulators).filter(([, emulator]) => emulator.port !== undefined);
    expect(named.length).toBeGreaterThan(5);
    for (const [name, emulator] of named) {
      // Every emulator with a port is one the stack knows, and its port moves by the stack's offset.
      expect(PORTS, name).toHaveProperty(name);
      expect(local.emulators[name]?.port, name).toBe(emulator.port! + PORT_OFFSET);
      expect(PORTS[name as keyof typeof PORTS], name).toBe(emulator.port! + PORT_OFFSET);
    }
  });

  it('names every emulator firebase-tools starts for the stack, the hub and eventarc included', () => {
    // Unnamed ones take firebase-tools' fixed defaults, which no offset moves.
    expect(Object.keys(readFirebaseJson().emulators)).toEqual(
      expect.arrayContaining(['auth', 'functions', 'firestore', 'hosting', 'hub', 'logging', 'tasks', 'eventarc']),
    );
  });
});
