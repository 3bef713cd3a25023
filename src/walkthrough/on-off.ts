import content from 'virtual:lockstep/content';

/** The word for fencing's state in the walkthrough's sentences ("fencing tokens on"). */
export const onOff = (fencing: boolean) => content.controls.walkthrough[fencing ? 'on' : 'off'];
