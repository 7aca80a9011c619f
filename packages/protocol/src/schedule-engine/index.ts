/**
 * How a light point runs a schedule (`setSchedule`): the calendar engine the simulated devices run,
 * and the server's year preview reads, so that both agree to the minute. Sun times from suncalc,
 * local times in the device's IANA time zone through the platform's time-zone database (Intl).
 * A subpath of its own (`@farola/protocol/schedule-engine`), so that what only needs the schemas does
 * not load suncalc.
 */
export * from './calendar-engine';
export * from './energy';
export * from './local-time';
export * from './sun';
export * from './year-preview';
