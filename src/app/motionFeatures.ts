import { domAnimation } from 'framer-motion';

/**
 * The animation features the `m` components use (animate, exit, presence): loaded after the
 * first screen, so the first download carries only the components, not the animation engine.
 * No element is dragged or animates its layout, so `domMax` is not needed.
 */
export default domAnimation;
