// A user's vehicles ("things").
export { addThing } from './add-thing';
export { createThing } from './create-thing';
export { firstThingId } from './first-thing-id';
export { getThing } from './get-thing';
export { listThings } from './list-things';
export { loadOwnThing } from './load-own-thing';
export { removeThing } from './remove-thing';
export { updateThing } from './update-thing';
