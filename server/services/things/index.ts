// A user's vehicles ("things").
export { addThing } from './add-thing';
export { firstThingId } from './first-thing-id';
export { loadOwnThing } from './load-own-thing';
