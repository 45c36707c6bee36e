import { describe, expect, it, vi } from 'vitest';
import { goOrReloadHome } from './goHome.js';
import { routerBasename } from './navigation.js';

describe('navigation helpers', () => {
  it('derives the router basename from the build base path', () => {
    expect(routerBasename('/')).toBe('');
    expect(routerBasename('/hebei/')).toBe('/hebei');
  });
  it('reloads on home, else goes home', () => {
    const navigate = vi.fn();
    const reload = vi.fn();
    goOrReloadHome(navigate, '/homePage', reload);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
    goOrReloadHome(navigate, '/projectManagement/projectList', reload);
    expect(navigate).toHaveBeenCalledWith('/homePage');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
